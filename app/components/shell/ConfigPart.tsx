import { createElement, type HTMLAttributes, type ReactNode } from "react";
import { useRequestInfo } from "~/components/request-info";

/** An element drawn from the company's configuration alone, with its configuration objects (decision 093). */
export type ConfigPartProps = {
  as: "footer" | "nav" | "details";
  /**
   * every configuration object the content reads (each kept as one object by the config cache), its own first: with
   * the element and the language they name the drawing (two parts of one element from the same objects would
   * share it); none: drawn as usual
   */
  deps?: readonly [object, ...object[]];
  children: ReactNode;
} & HTMLAttributes<HTMLElement> &
  Record<`data-${string}`, string | undefined>;

/**
 * An element whose content is drawn from the company's configuration alone (docs/decisions/093): on the server the
 * content is the HTML made once per configuration and language (`RequestInfo.configPart`, from
 * config-parts.server.tsx by entry.server.tsx), in the browser React draws it and hydrates the server's
 * markup, which is the same. The content may read the translations and nothing of the request (no location, user,
 * nonce, or state the server would not draw the same for everyone).
 */
export function ConfigPart(props: ConfigPartProps) {
  const { configPart } = useRequestInfo();
  const { as, deps, children, ...attributes } = props;
  return configPart && deps ? configPart(props) : createElement(as, attributes, children);
}
