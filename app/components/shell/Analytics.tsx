import { useRequestInfo } from "~/components/request-info";
import { scriptJson } from "~/i18n-runtime";
import { analyticsSrc } from "~/lib/security/third-party-scripts";

/**
 * Google's tag does nothing until the page queues its `config` call (gtag.js reads `window.dataLayer`):
 * the standard snippet, with the key as a JSON string literal (`<` escaped so it cannot close the script).
 */
export function gtagConfigScript(key: string): string {
  const id = scriptJson(key);
  return `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag("js",new Date());gtag("config",${id});`;
}

export function Analytics({ stat }: { stat: { type: string; key: string } }) {
  const { nonce } = useRequestInfo();
  const src = analyticsSrc(stat.type, stat.key);
  if (!src) return null;
  return (
    <>
      {stat.type === "google" ? <script nonce={nonce} data-stat-config="google" dangerouslySetInnerHTML={{ __html: gtagConfigScript(stat.key) }} /> : null}
      <script async src={src} nonce={nonce} data-stat={stat.type} />
    </>
  );
}
