import { Link } from "react-router";
import { Logo } from "~/components/logo";

const button =
  "inline-flex h-9 items-center justify-center rounded-md px-3 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2";

export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4">
        {/* A long agency name shrinks and truncates rather than push the buttons off a narrow screen. */}
        <div className="min-w-0 [&_a]:min-w-0 [&_a>span:last-child]:truncate [&_a>span:last-child]:text-base sm:[&_a>span:last-child]:text-lg">
          <Logo />
        </div>
        <nav aria-label="Account" className="flex shrink-0 items-center gap-2">
          <Link to="/signup" className={`${button} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100`}>
            Sign Up
          </Link>
          <Link to="/login" className={`${button} bg-blue-700 text-white hover:bg-blue-800`}>
            Login
          </Link>
        </nav>
      </div>
    </header>
  );
}
