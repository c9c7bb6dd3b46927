import { useSession } from "#app/lib/session-store.ts";

const tone = { success: "bg-green-700", warning: "bg-amber-600", error: "bg-red-700", info: "bg-ink" } as const;

/** Short messages (SPEC §8: newsletter success centred for 2 s, warnings, network and server errors). */
export function Notices() {
  const notices = useSession((s) => s.notices);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-1/3 z-50 flex flex-col items-center gap-2 px-4">
      {notices.map((n) => (
        <p
          key={n.id}
          role={n.kind === "error" || n.kind === "warning" ? "alert" : "status"}
          className={`rounded px-4 py-3 text-center text-white shadow-lg ${tone[n.kind]}`}
        >
          {n.text}
        </p>
      ))}
    </div>
  );
}
