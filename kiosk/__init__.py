"""Mystery Table: a café-table referee for four deduction board games."""

__version__ = "0.1.0"
