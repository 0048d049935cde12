import { expect, expectNoAxeViolations, signInThroughApi, test } from './fixtures';

test('a signed-out visitor sends a message; the form validates and resets', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page).toHaveTitle('Contact Us | Life Updates');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText("We'd love to hear from you!")).toBeVisible();
  await expect(page.getByText('Upgrade Request', { exact: true })).toBeVisible();
  await expect(page.getByText('Monday - Friday: 9am - 5pm EST')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Email: support@localhost' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Contact' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Name').fill('A');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Subject').fill('Hi');
  await page.getByLabel('Message').fill('Short');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Subject must be at least 5 characters')).toBeVisible();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Name').fill('Visitor Person');
  await page.getByLabel('Email').fill('visitor@example.com');
  await page.getByLabel('Subject').fill('More shares please');
  await page.getByLabel('Message').fill('I need about 50 contact shares a month.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText("Your message has been sent! We'll get back to you soon.")).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue('');
});

test('signed in, the top bar says Upgrade and the form is prefilled', async ({ page, account }) => {
  await signInThroughApi(page, account);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByLabel('Name')).toHaveValue(account.name);
});
