import { data } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";

/** Any address no route claims: a 404 inside the shell (header and footer still render). */
export function loader() {
  throw data({ kind: "notFound" }, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
