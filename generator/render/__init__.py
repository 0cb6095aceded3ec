"""Rendering: plan the files of a package, fill the templates, format with black, write atomically."""
