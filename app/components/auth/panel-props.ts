import type { ElementType } from "react";

/**
 * What a login-area form panel takes, whether a stand-alone page renders it (Remix `Form`) or the
 * header's pop-up does (a fetcher's `Form` posting to the page's action).
 */
export type PanelProps<Data, Outcome> = {
  data: Data;
  actionData?: Outcome;
  busy: boolean;
  /** in the pop-up, the intent its fetcher is posting (the pressed submit button shows it is busy) */
  busyIntent?: string;
  FormComponent?: ElementType;
  action?: string;
  idPrefix?: string;
  popup?: boolean;
};
