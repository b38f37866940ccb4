// Placeholder webview entry; real panels live beside it, one folder each.
document.body.dataset.ready = 'true';
