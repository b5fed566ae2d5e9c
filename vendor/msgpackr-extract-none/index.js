// msgpackr requires this inside a try and unpacks in JavaScript when it throws.
throw new Error('msgpackr-extract is left out (vendor/msgpackr-extract-none): msgpackr uses its JavaScript unpacker')
