// Loads a portability matrix page (validate --matrix html) in headless Debian chromium through
// playwright-core, takes a screenshot and checks the rendered page: the summary comes before the
// matrix, the header row and the module column stay in view when the table scrolls, typing in the
// filter box hides the modules that do not match, failing cells are coloured (and carry a symbol).
// Usage: node matrix-page.cjs PAGE.html SCREENSHOT.png   (playwright-core on NODE_PATH; never
// downloads a browser: CHROMIUM or /usr/bin/chromium).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

function check(ok, what) {
  if (!ok) {
    throw new Error('matrix page: ' + what);
  }
  console.log('ok: ' + what);
}

(async () => {
  const [page_, shot] = process.argv.slice(2);
  if (!page_ || !shot) {
    console.error('usage: node matrix-page.cjs PAGE.html SCREENSHOT.png');
    process.exit(2);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vkrules-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
    viewport: { width: 1400, height: 900 },
  });
  let failed = false;
  try {
    const page = context.pages()[0] || await context.newPage();
    // self-contained: any request other than the file itself is an error
    const requests = [];
    page.on('request', r => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
    await page.goto('file://' + path.resolve(page_));
    check(requests.length === 0, 'the page fetches nothing (' + requests.join(' ') + ')');

    const order = await page.evaluate(() => {
      const s = document.getElementById('summary');
      const m = document.getElementById('matrix');
      return s && m ? s.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    check(order !== 0, 'the per-device summary comes before the matrix');

    const sticky = await page.evaluate(() => {
      const head = document.querySelector('#matrix thead th:nth-child(2)');
      const first = document.querySelector('#matrix tbody th');
      return [getComputedStyle(head).position, getComputedStyle(first).position];
    });
    check(sticky[0] === 'sticky' && sticky[1] === 'sticky', 'header cells and module names are sticky: ' + sticky);

    const scrolled = await page.evaluate(() => {
      const box = document.querySelector('.scroll');
      box.style.maxHeight = '160px'; // a few rows, so that the table scrolls both ways whatever its size
      box.scrollTop = 200;
      box.scrollLeft = 300;
      const head = document.querySelector('#matrix thead th:nth-child(2)').getBoundingClientRect();
      const name = document.querySelector('#matrix tbody tr:nth-child(3) th').getBoundingClientRect();
      const frame = box.getBoundingClientRect();
      const out = { headTop: head.top - frame.top, nameLeft: name.left - frame.left,
        scrolledBothWays: box.scrollTop > 0 && box.scrollLeft > 0 };
      box.scrollTop = 0;
      box.scrollLeft = 0;
      box.style.maxHeight = '';
      return out;
    });
    check(scrolled.scrolledBothWays && (Math.abs(scrolled.headTop) < 3 && Math.abs(scrolled.nameLeft) < 3),
      'after scrolling the table the header row stays on top and the module column on the left ' + JSON.stringify(scrolled));

    const colours = await page.evaluate(() => {
      const fail = document.querySelector('#matrix td.fails');
      const clean = document.querySelector('#matrix td.clean');
      return fail && clean ? [getComputedStyle(fail).backgroundColor, getComputedStyle(clean).backgroundColor,
        fail.textContent] : null;
    });
    check(colours !== null, 'the matrix has failing and clean cells');
    check(colours[0] !== colours[1] && colours[0] !== 'rgba(0, 0, 0, 0)',
      'failing cells are coloured apart from clean ones: ' + colours[0] + ' vs ' + colours[1]);
    check(/\u2717/.test(colours[2]) && /fails/.test(colours[2]), 'a failing cell also says so in a symbol and words');

    await page.screenshot({ path: shot, fullPage: true });

    const names = await page.$$eval('#matrix tbody th', ths => ths.map(t => t.textContent));
    const word = path.basename(names[names.length - 1]).split(/[._]/)[0];
    const expected = names.filter(n => n.toLowerCase().includes(word.toLowerCase())).length;
    await page.fill('#filter', word);
    const visible = await page.$$eval('#matrix tbody tr', trs => trs.filter(t => !t.hidden
      && getComputedStyle(t).display !== 'none').map(t => t.firstElementChild.textContent));
    check(visible.length === expected && expected < names.length && visible.every(n => n.toLowerCase().includes(word)),
      'typing "' + word + '" in the filter box leaves ' + visible.length + ' of ' + names.length + ' modules');
    await page.fill('#filter', '');
    await page.selectOption('#status', 'clean');
    const clean = await page.$$eval('#matrix tbody tr', trs => trs.filter(t => !t.hidden)
      .every(t => t.querySelectorAll('td.fails, td.needs-information, td.malformed').length === 0));
    check(clean, 'the status filter "clean everywhere" shows only rows without a failing or unknown cell');
  } catch (e) {
    console.error(e.message);
    failed = true;
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
})();
