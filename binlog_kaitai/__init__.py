"""Read MySQL and MariaDB binary logs offline, with the layout declared in ksy/."""
