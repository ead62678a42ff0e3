import { useRequestInfo } from "~/components/request-info";
import { analyticsSrc } from "~/services/third-party-scripts";

export function Analytics({ stat }: { stat: { type: string; key: string } }) {
  const { nonce } = useRequestInfo();
  const src = analyticsSrc(stat.type, stat.key);
  return src ? <script async src={src} nonce={nonce} data-stat={stat.type} /> : null;
}
