// The photo review sheet (adapters/http/review_views.py): ticking a photo moves its id
// from the approve command to the reject command; "Copy" copies a command. Ids only, and
// text written with textContent: nothing of a member's reaches this script.
'use strict';
(function () {
  const footer = document.querySelector('footer[data-site]');
  if (!footer) return;
  const site = footer.dataset.site ? ' --site ' + footer.dataset.site : '';
  const boxes = Array.from(document.querySelectorAll('.tile input[type=checkbox]'));

  // As domain/id_ranges.compact: consecutive ids as a range, so a range names only ids
  // of this page.
  function compact(ids) {
    const parts = [];
    let first = null;
    let last = null;
    for (const id of ids.slice().sort((a, b) => a - b)) {
      if (last !== null && id === last + 1) {
        last = id;
        continue;
      }
      if (first !== null) parts.push(first === last ? String(first) : first + '-' + last);
      first = id;
      last = id;
    }
    if (first !== null) parts.push(first === last ? String(first) : first + '-' + last);
    return parts.join(' ');
  }

  function update() {
    const ticked = [];
    const rest = [];
    for (const box of boxes) {
      (box.checked ? ticked : rest).push(Number(box.value));
      box.closest('.tile').classList.toggle('is-rejected', box.checked);
    }
    document.getElementById('approve').textContent =
      'amora photos approve ' + compact(rest) + site;
    document.getElementById('approve-row').hidden = rest.length === 0;
    document.getElementById('reject').textContent =
      'amora photos reject ' + compact(ticked) + site + ' --ground terms:photo_rules --reason ""';
    document.getElementById('reject-row').hidden = ticked.length === 0;
  }

  function copy(button) {
    const code = document.getElementById(button.dataset.copy);
    const done = function () {
      button.textContent = 'Copied';
      setTimeout(function () { button.textContent = 'Copy'; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(code.textContent).then(done, function () { select(code); });
    } else {
      select(code);
    }
  }

  function select(code) {
    const range = document.createRange();
    range.selectNodeContents(code);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  for (const box of boxes) box.addEventListener('change', update);
  for (const button of document.querySelectorAll('button[data-copy]')) {
    button.addEventListener('click', function () { copy(button); });
  }
  update();
})();
