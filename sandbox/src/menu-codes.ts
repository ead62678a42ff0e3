// Data only (no imports): the seed and the menu-permission routes both read it, so neither imports the other
// (the cycle context → seed → routes/menu-permission → context is gone).

/**
 * The personal centre's menu permissions (spec 001 §2 and §6: "a list of codes per section, each entry with a
 * code and child entries with codes"). The call and the codes are chosen here (see README, "Personal centre").
 */
export const MENU_CODES: Record<string, string[]> = {
  course: ['classTable', 'lessons', 'package', 'plan', 'collect', 'note', 'apply'],
  setting: ['account', 'archives', 'data', 'avatar'],
  message: ['detailslist'],
  order: ['order', 'agreement'],
  accountcenter: ['account', 'member', 'score'],
};

/** Seed user 1010 `partial01`: a partial menu (no class table, notes, archives, messages, order list, membership). */
export const PARTIAL_MENU: Record<string, string[]> = {
  course: ['lessons', 'package', 'plan', 'collect', 'apply'],
  setting: ['account', 'data', 'avatar'],
  message: [],
  order: ['agreement'],
  accountcenter: ['score'],
};
