/**
 * The web app manifest of a school (issue 37 §1): "add to home screen" gives the company's own app,
 * named, coloured and drawn from the configuration the root already loads (the site view, cached per
 * domain). Pure: the route (`/manifest.webmanifest`) feeds it the site view.
 */
export type ManifestSite = {
  title: string;
  companyName: string;
  shortName: string;
  icon: string;
  logo: string;
  logoType: "word" | "image";
  themeColor: string;
};

export type ManifestIcon = { src: string; sizes: string; type?: string; purpose?: string };

/** Where the generated icon is drawn (the company's initial on its theme colour): any size, an SVG. */
export const GENERATED_ICON_PATH = "/manifest-icon.svg";
export const START_URL = "/home/index";

/** The type of an icon from its address, when its extension says it (a browser otherwise sniffs it). */
function iconType(src: string): string | undefined {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(src)?.[1]?.toLowerCase();
  return ext ? { png: "image/png", svg: "image/svg+xml", ico: "image/x-icon", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp" }[ext] : undefined;
}

/**
 * Icons: the company's logo image and its favicon (companyIco) when configured, then always the generated
 * icon, so that a school without either (or with a logo too wide for an icon) still installs with its
 * own initial and colour.
 */
export function manifestIcons(site: ManifestSite): ManifestIcon[] {
  const icons: ManifestIcon[] = [];
  const add = (src: string) => {
    if (!src || icons.some((i) => i.src === src)) return;
    const type = iconType(src);
    icons.push({ src, sizes: type === "image/svg+xml" ? "any" : "192x192", ...(type ? { type } : {}) });
  };
  if (site.logoType === "image") add(site.logo);
  add(site.icon);
  icons.push({ src: GENERATED_ICON_PATH, sizes: "any", type: "image/svg+xml", purpose: "any" });
  icons.push({ src: GENERATED_ICON_PATH, sizes: "any", type: "image/svg+xml", purpose: "maskable" });
  return icons;
}

export function webManifest(site: ManifestSite) {
  return {
    id: START_URL,
    name: site.title || site.companyName,
    short_name: site.shortName || site.title || site.companyName,
    start_url: START_URL,
    scope: "/",
    display: "standalone",
    theme_color: site.themeColor,
    background_color: "#ffffff",
    icons: manifestIcons(site),
  };
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** The generated icon: the first character of the short name, white on the theme colour, safe for a maskable crop. */
export function generatedIconSvg(site: Pick<ManifestSite, "shortName" | "companyName" | "themeColor">): string {
  const initial = Array.from((site.shortName || site.companyName || "学").trim())[0] ?? "学";
  const text = initial.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
  const colour = /^#[0-9a-f]{3,6}$/i.test(site.themeColor) ? site.themeColor : "#008AFF";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">` +
    `<rect width="512" height="512" fill="${colour}"/>` +
    `<text x="256" y="256" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="240" font-weight="600" fill="#ffffff">${text}</text>` +
    `</svg>`
  );
}
