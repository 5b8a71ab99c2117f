"""The rules pages, the tutorial and the QR codes."""
