// An async boundary: the federation runtime negotiates shared singletons before any of them is used.
import('./bootstrap');
