// Document ⇄ Markdown conversion (unified/remark) lands here.
export {};
