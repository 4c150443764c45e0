// Linted by the RuleTester cases (each case replaces this text); the producer of `timing`.
export {};
