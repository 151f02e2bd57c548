# BpeEncoding sources (filled in by the tokenizer work)
