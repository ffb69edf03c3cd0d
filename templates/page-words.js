// Every sentence the script shows comes from the page's own words: the elements of its hidden #authflow-texts,
// each named by its data-text (words.codePrompt), so each language edition supplies its own.
var words = {};
Array.prototype.forEach.call(document.querySelectorAll('#authflow-texts [data-text]'), function (text) {
  words[text.dataset.text] = text.textContent;
});
