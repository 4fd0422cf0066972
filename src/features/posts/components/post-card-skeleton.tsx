import { Skeleton } from '@/components/ui/skeleton';

/** The shape of a PostCard while the list loads. */
export function PostCardSkeleton() {
  return (
    <div aria-hidden className="flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white">
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="flex flex-col gap-3 p-6">
        <Skeleton className="h-5 w-32 rounded-full" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-7 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </div>
  );
}
