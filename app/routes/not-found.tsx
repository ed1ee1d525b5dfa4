import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }];

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-100 p-6 text-center">
      <h1 className="text-4xl font-bold text-slate-900">404</h1>
      <p className="text-xl text-slate-700">Oops! Page not found</p>
      <Link to="/" className="text-blue-700 underline hover:text-blue-900">
        Return to Home
      </Link>
    </main>
  );
}
