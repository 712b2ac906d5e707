"""The release: Debian 11 roots, the Linux build and its check, the GLIBC floor, the shipped
licences and the Windows version resource."""
