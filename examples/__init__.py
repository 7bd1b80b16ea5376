"""The example house rules (house-rules/*.rules and their scenarios), shipped with riskrules so
that `riskrules new NAME --from EXAMPLE` can start from one."""
