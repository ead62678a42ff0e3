import { useLoaderData, type MetaFunction } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Hello" }];

// One loader (a page with data, as every portal page has), rendered by the default entry.server.
export function loader() {
  return { greeting: "Hello from Remix", at: new Date().toISOString() };
}

export default function Index() {
  const { greeting, at } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{greeting}</h1>
      <p>{at}</p>
    </main>
  );
}
