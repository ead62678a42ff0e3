import type { ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { Input } from "~/components/ui/Input";

/**
 * THE search box of a list page (decision 056): a GET form (`role="search"`, works without JavaScript) with a
 * visually hidden label, a search field and its button. `hidden` are the query's other fields the search
 * keeps (a tab, a category: `<HiddenInput>`s); `after` sits after the button (a "clear" link).
 */
export function SearchForm({
  id,
  name,
  label,
  button,
  defaultValue,
  maxLength = 50,
  inputClassName = "w-64",
  className = "flex gap-2",
  hidden,
  after,
}: {
  id: string;
  name: string;
  label: string;
  button: string;
  defaultValue?: string;
  maxLength?: number;
  inputClassName?: string;
  className?: string;
  hidden?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <form method="get" role="search" className={className}>
      {hidden}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input id={id} name={name} type="search" defaultValue={defaultValue} maxLength={maxLength} placeholder={label} className={`min-w-0 ${inputClassName}`} />
      <Button type="submit" size="sm">
        {button}
      </Button>
      {after}
    </form>
  );
}
