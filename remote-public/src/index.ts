// An async boundary: shared singletons are negotiated before the app starts.
import('./bootstrap');
