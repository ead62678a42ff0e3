import { useRequestInfo } from "~/components/request-info";

/** The analytics script of spec 000 section 7.4, chosen by statType; the key is URL-encoded, never code. */
export function analyticsSrc(type: string, key: string): string | null {
  const k = encodeURIComponent(key);
  switch (type) {
    case "baidu":
      return `https://hm.baidu.com/hm.js?${k}`;
    case "google":
      return `https://www.googletagmanager.com/gtag/js?id=${k}`;
    case "cnzz":
      return `https://s4.cnzz.com/z_stat.php?id=${k}&web_id=${k}`;
    case "tencent":
      return `https://tajs.qq.com/stats?sId=${k}`;
    default:
      return null;
  }
}

export function Analytics({ stat }: { stat: { type: string; key: string } }) {
  const { nonce } = useRequestInfo();
  const src = analyticsSrc(stat.type, stat.key);
  return src ? <script async src={src} nonce={nonce} data-stat={stat.type} /> : null;
}
