"""The touchscreen's menu scenes: attract, game choice, seat claim, options, results, rules, admin."""
