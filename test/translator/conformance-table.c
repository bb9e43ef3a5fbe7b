// docs/conformance.md is what the tests give: each directive, clause and
// routine with the tests that run it or the translator's reason to refuse
// it. After adding or changing a test, run scripts/conformance.
//
// REQUIRES: translator
// RUN: %python %S/../../scripts/conformance %parade-build-dir --check
