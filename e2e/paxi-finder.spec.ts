/**
 * The PAXI finder page (/paxi-finder) on a phone and a desktop: messages beside the search box
 * that stay until the search changes, the points of a province for a town the finder does not
 * know, and how far the chosen point is with directions to it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseNearestPoint, expectSearchMessage, origin, pointResults, pointSearchBox, pressSearch, searchPoints } from './shopper';

const ADDRESS_REQUIRED = 'Address Required: Please enter your suburb, town or postal code to find a PAXI point to collect from.';
/** Longer than a toast is shown (5 s, spec section 9). */
const LONGER_THAN_A_TOAST_MS = 6_000;

async function openFinder(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.goto('/paxi-finder');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a PAXI Point' })).toBeVisible();
}

// Each search runs once, at a phone's or a laptop's width, so that between them both widths see every step.
test.describe('at 375 px', () => {
  const width = 375;

  test('a search with no result says why beside the box, and the message stays until the search changes', async ({ page }) => {
    await openFinder(page, width);

    await pressSearch(page);
    await expectSearchMessage(page, ADDRESS_REQUIRED);
    expect(ADDRESS_REQUIRED).not.toMatch(/deliver/i);

    // A town with no point within 20 km: the spec's words.
    await searchPoints(page, 'Colesberg');
    await expectSearchMessage(page, 'No pickup points found within 20km of your address.');
    await page.clock.fastForward(LONGER_THAN_A_TOAST_MS);
    await pointSearchBox(page).blur();
    await expectSearchMessage(page, 'No pickup points found within 20km of your address.');
    await expect(pointResults(page)).toHaveCount(0);

    // A place the finder cannot place: how to search instead.
    await searchPoints(page, 'Nowhere-in-particular 99999');
    const notFound =
      "We couldn't find 'Nowhere-in-particular 99999'. Try your suburb and town or your postal code, or add your province to see the PAXI points in it.";
    await expectSearchMessage(page, notFound);
    await page.clock.fastForward(LONGER_THAN_A_TOAST_MS);
    await expectSearchMessage(page, notFound);

    // Changing the search takes the message away.
    await pointSearchBox(page).press('End');
    await pointSearchBox(page).press('Backspace');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(pointSearchBox(page)).not.toHaveAttribute('aria-invalid', 'true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  test('the chosen point says how far it is from the searched place, once, with directions that open outside the shop', async ({ page }) => {
    await openFinder(page, width);
    await searchPoints(page, 'Sea Point, Cape Town');
    const nearest = pointResults(page).first();
    const distance = (await nearest.getByTestId('paxi-point-distance').textContent())!.trim();
    const name = await chooseNearestPoint(page);
    const way = page.getByTestId('chosen-point-way');
    await expect(way).toContainText(`${distance} from Sea Point, Cape Town, Western Cape`);
    const chosen = page.getByRole('listitem').filter({ has: page.getByRole('radio', { checked: true }) });
    expect((await chosen.textContent())!.split(distance).length - 1, 'times the distance is given').toBe(1);
    const directions = way.getByRole('link', { name: `Directions to ${name} (opens in a new tab)` });
    await expect(directions).toHaveAttribute('target', '_blank');
    await expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
    const { latitude, longitude } = await page.request
      .post('/api/paxi-points', { data: { address: 'Sea Point, Cape Town', radiusKm: 8 }, headers: origin(page) })
      .then(async (res) => ((await res.json()) as { paxiPoints: { latitude: number; longitude: number }[] }).paxiPoints[0]!);
    await expect(directions).toHaveAttribute('href', `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`);
    const box = (await directions.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
  });
});

test.describe('at 1280 px', () => {
  const width = 1280;

  test("a town the finder does not know, with its province, lists that province's points and says so", async ({ page }) => {
    await openFinder(page, width);
    await searchPoints(page, 'Sutherland, Northern Cape');
    await expect(page.getByRole('status').filter({ hasText: 'PAXI points in' })).toHaveText(
      "We couldn't find 'Sutherland', so these are the PAXI points in Northern Cape nearest the middle of the province.",
    );
    await expect(pointResults(page).first()).toBeVisible();
    await expect.poll(async () => (await pointResults(page).allTextContents()).every((address) => address.includes('Northern Cape'))).toBe(true);
    // The distances are from the province's middle, not from the shopper: not shown.
    await expect(page.getByTestId('paxi-point-distance')).toHaveCount(0);

    await pointResults(page).first().getByRole('radio').check();
    const way = page.getByTestId('chosen-point-way');
    await expect(way).not.toContainText(' km from ');
    await expect(way.getByRole('link', { name: /^Directions to .+ \(opens in a new tab\)$/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-\d+(\.\d+)?,\d+(\.\d+)?$/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});
