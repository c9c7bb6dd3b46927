// The notice of an account that may not order yet (pending) or at all (refused), with the shop's message; the
// loader writes it in the page's language (decision 143).
export function ApprovalNotice({ notice }: { notice: { text: string; message: string | null } | null }) {
  if (!notice) return null;
  return (
    <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-900" data-testid="approval-notice">
      <p>{notice.text}</p>
      {notice.message && <p className="mt-1 whitespace-pre-line text-sm">{notice.message}</p>}
    </div>
  );
}
