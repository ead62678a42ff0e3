import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// Decision 023: the server renders forms without `noValidate`, so that without JavaScript the browser
// checks the constraints the loader sent (required, pattern, maxLength...). From here on the page's
// JavaScript posts them and the server's translated messages answer: turn the browser's check off for
// those forms (`getFormProps` marks them `data-validate="server"`) before hydration; useForm's
// `noValidate` takes over once hydrated. No gap in which a click meets the browser's own bubble.
for (const form of Array.from(document.querySelectorAll<HTMLFormElement>('form[data-validate="server"]'))) form.noValidate = true;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
