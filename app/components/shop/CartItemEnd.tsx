import { Button } from "~/components/ui/Button";

/**
 * The end of a cart row, on the cart page and in the header's cart panel: the price and the remove button,
 * which posts `removeId` (the one-item removal both forms answer) and names the item for a screen reader.
 */
export function CartItemEnd({
  id,
  price,
  label,
  removeLabel,
  small = false,
}: {
  id: number;
  price: string;
  label: string;
  removeLabel: string;
  small?: boolean;
}) {
  return (
    <>
      <span className="font-semibold text-red-700">{price}</span>
      <Button type="submit" name="removeId" value={id} variant="mutedLink" className={small ? "text-xs" : "text-sm"} aria-label={removeLabel}>
        {label}
      </Button>
    </>
  );
}
