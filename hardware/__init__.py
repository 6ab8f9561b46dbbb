"""Drivers for the table hardware, each with a real and a mock backend."""
