// Replaced by each case's code.
