"""Mystery Express (Days of Wonder, 2010): the rules engine, per shared/rules/mystery-express.md."""
