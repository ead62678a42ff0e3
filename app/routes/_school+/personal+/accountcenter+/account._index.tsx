import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/lib/guards/guards.server";

/** `/personal/accountcenter/account`: the menu's group entry (spec 001 §2); its one page is membership. */
export async function loader(args: LoaderFunctionArgs) {
  await requireStudent(args, "accountcenter.member");
  return redirect("/personal/accountcenter/account/member");
}

/** A redirect only; a component so that client navigation treats it as a page, not a resource route. */
export default function AccountEntry() {
  return null;
}
