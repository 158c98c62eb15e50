// Page object for /chains: acting user, id lookup, the turns of a chain, the seen-response tree and the delete dialog.
import { expect, type Locator, type Page } from '@playwright/test';

export class ChainsPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('page-chains');
  }

  async open(query = '') {
    await this.page.goto(`/chains${query}`);
    await expect(this.root).toBeVisible();
  }

  get actingAs(): Locator {
    return this.page.getByRole('textbox', { name: /^Acting as user/ });
  }

  get lookupBox(): Locator {
    return this.page.getByRole('textbox', { name: 'Response id' });
  }

  async actAs(user: string) {
    await this.actingAs.fill(user);
    await this.actingAs.press('Enter');
  }

  async lookUp(id: string) {
    await this.lookupBox.fill(id);
    await this.lookupBox.press('Enter');
    await expect(this.page).toHaveURL(new RegExp(`/chains\\?id=${id}$`));
  }

  turns(): Locator {
    return this.page.getByTestId('chain-view').getByTestId('chain-turn');
  }

  turn(id: string): Locator {
    return this.page.locator(`[data-testid="chain-turn"][data-turn-id="${id}"]`);
  }

  async expectTurnsInOrder(ids: string[]) {
    await expect(this.turns()).toHaveCount(ids.length);
    await expect(this.page.getByTestId('turns-status')).toHaveAttribute('data-loading', 'false');
    const actual = await this.turns().evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-turn-id')));
    expect(actual).toEqual(ids);
  }

  async expectLoaded() {
    await expect(this.page.getByTestId('turns-status')).toHaveAttribute('data-loading', 'false');
  }

  treeNode(id: string): Locator {
    return this.page.locator(`[data-testid="chains-index"] [data-testid="tree-node"][data-node-id="${id}"]`);
  }

  async openRawJson(turn: Locator) {
    await turn.getByTestId('turn-raw-json').getByRole('button', { name: 'Raw response JSON' }).click();
  }

  deleteDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Delete this stored response?' });
  }
}
