/** A spinner with its text, announced politely to screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-slate-600">
      <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-blue-700" />
      <span>{label}</span>
    </div>
  );
}
