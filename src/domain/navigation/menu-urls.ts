// The one thing the web's route guard needs from the menu: the URLs the stored menu answer allows.
// Apart from menus.ts so that the router and the layouts do not carry the menu definitions and the
// role table (the public pages' first-load budget, ADR 0014).

/** Menu URLs the stored menu data allows (the web's route guard reads this). */
export function allowedMenuUrls(groups: readonly { menus: readonly { menuUrl: string }[] }[]): Set<string> {
  return new Set(groups.flatMap((g) => g.menus.map((m) => m.menuUrl)));
}
