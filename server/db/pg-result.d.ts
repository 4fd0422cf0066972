/** pg's own result builder (type parsers included), which @types/pg does not declare. */
declare module 'pg/lib/result.js' {
  const Result: unknown;
  export default Result;
}
