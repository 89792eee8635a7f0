/** The offer of the unsaved copy kept in this browser, when it differs from the saved post. */
export function RestoreOffer(props: { savedAt: number; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div
      role="alert"
      className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p>You have unsaved changes from {new Date(props.savedAt).toLocaleString('en-US')}. Restore them?</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={props.onRestore}
          className="rounded-md bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700"
        >
          Restore
        </button>
        <button
          type="button"
          onClick={props.onDiscard}
          className="rounded-md border border-amber-700 px-3 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700"
        >
          Discard
        </button>
      </div>
    </div>
  );
}
