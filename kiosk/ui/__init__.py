"""The pygame side: the desktop simulator now, the touchscreen scenes later."""
