// Placeholder: replaced by the feature that owns this route.
export default function Route() {
  return <main>admin</main>;
}
