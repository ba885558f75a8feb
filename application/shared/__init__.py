"""What use cases share: small modules of lookups and rules named after the business
(who a member is and on which site, the ledger's postings, a decision's record, a
listing refreshed, a photo link signed, a card drawn, a conflict retried ...).

The rule of the house (issue 35; tests/test_architecture.py keeps it):
- no use case lives here: no class a person or an operator drives, only functions,
  constants, small value records and helpers a use case is built with;
- a shared module imports ports, domain and at most one level of other shared modules,
  so a use case -> shared -> shared is the deepest chain (3 floors);
- a use case imports shared modules, and only rarely another use case (15 imports at
  most in all): a use case composed of others takes the functions or ports it needs,
  not their classes.
"""
