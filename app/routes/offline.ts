import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPortal } from "~/lib/portal.server";
import { loadSite } from "~/services/shell.server";
import { generatedIconSvg } from "~/services/web-manifest";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * `GET /offline` (issue 37 §1): the small branded page the service worker shows for a page it does not keep
 * when the network is gone, instead of the browser's "no internet". Precached with each build (the worker
 * fetches it at install, for this domain's company): no script, no stylesheet file, both languages.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = await getPortal({ request, context });
  const { site } = await loadSite(portal);
  const name = escape(site.title || site.companyName);
  const colour = escape(site.themeColor);
  const icon = `data:image/svg+xml,${encodeURIComponent(generatedIconSvg(site))}`;
  const html = `<!doctype html>
<html lang="zh"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${colour}"><title>离线 · ${name}</title>
<style>body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#1f2937;background:#f9fafb}header{background:${colour};color:#fff;padding:12px 16px;font-weight:600}
main{max-width:32rem;margin:2rem auto;padding:0 16px}img{width:48px;height:48px;border-radius:8px}a{color:${colour};font-weight:600}p{margin:.5rem 0}.en{color:#4b5563;margin-top:1.5rem}</style>
</head><body><header>${name}</header><main data-testid="offline-page">
<img src="${icon}" alt="">
<h1>当前离线</h1>
<p>没有网络连接，这个页面无法打开。已保存在本设备的练习和考试页面仍可使用，答案联网后自动提交。</p>
<p>开始考试、交卷、支付和登录需要网络。</p>
<p><a href="/home/index">重试</a></p>
<div class="en" lang="en"><p><strong>You are offline.</strong> This page cannot open without the network. Practice and exam pages kept on this device still work; answers are sent when the connection is back.</p>
<p>Starting an exam, handing in, paying and signing in need the network.</p></div>
</main></body></html>`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    },
  });
}
