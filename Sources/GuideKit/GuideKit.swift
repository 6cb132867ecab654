import Catalog
