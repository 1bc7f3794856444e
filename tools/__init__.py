"""Developer tooling: throwaway MariaDB servers, fixture and benchmark data generators."""
