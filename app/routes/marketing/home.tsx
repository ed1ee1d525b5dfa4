import { Link } from "react-router";
import { Logo } from "~/components/logo";
import { Button } from "~/components/ui/button";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Google Business Profile and websites for US service businesses" },
  {
    name: "description",
    content: "Get found on Google and win more jobs: a verified Google Business Profile for $250 and a custom website for $700.",
  },
];

export default function Home() {
  return (
    <>
      <header className="fixed inset-x-0 top-0 z-30 border-b border-slate-200 bg-white/95">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
          <Logo />
          <nav aria-label="Account" className="flex items-center gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/signup">Sign Up</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/login">Login</Link>
            </Button>
          </nav>
        </div>
      </header>
      <main id="home" className="mx-auto max-w-6xl px-4 pt-28 pb-16">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-5xl">More calls for your service business</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700">
          We set up your Google Business Profile ($250, ready in 1 week) and build your professional website ($700 in two
          payments of $350, ready in 3 weeks).
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/signup">Get Started</Link>
        </Button>
      </main>
    </>
  );
}
