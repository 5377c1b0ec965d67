import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useCart } from './useCart';

export function CartButton({ onClick }: { onClick: () => void }) {
  const { count } = useCart();
  return (
    <IconButton aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`} aria-haspopup="dialog" onClick={onClick}>
      <Badge badgeContent={count} color="secondary" max={99} showZero={false}>
        <ShoppingCartIcon />
      </Badge>
    </IconButton>
  );
}
