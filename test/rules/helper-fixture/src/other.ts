// Linted by the RuleTester cases (each case replaces this text); a producer of no key.
export {};
